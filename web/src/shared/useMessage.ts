import type { MessageRef } from '@extranet/core';
import { useTranslation } from 'react-i18next';

/**
 * Translates a core MessageRef. A key the resources lack (a server-chosen one) falls back to
 * the server's own text when it sent one, else to the key itself.
 */
export const useMessage = () => {
  const { t } = useTranslation();
  return (ref: MessageRef): string =>
    t(ref.key, { ...ref.params, defaultValue: String(ref.params?.text || ref.key) });
};
