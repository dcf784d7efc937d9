import type { DownloadedFile } from '@extranet/core';

/** Hands a downloaded file to the browser's save mechanism (a temporary object-URL link). */
export const saveFile = (file: DownloadedFile): void => {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
