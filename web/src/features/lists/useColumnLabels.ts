import { type Descriptor, fieldOf, labelKeyOf } from '@extranet/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A list's column headers (each field's label key, translated) and which columns sort, from its descriptor. */
export const useColumnLabels = (descriptor: Descriptor) => {
  const { t } = useTranslation();
  const header = useCallback((field: string) => t(labelKeyOf(descriptor, field)), [t, descriptor]);
  const sortable = useCallback((field: string) => fieldOf(descriptor, field)?.sortable ?? true, [descriptor]);
  return { header, sortable };
};
