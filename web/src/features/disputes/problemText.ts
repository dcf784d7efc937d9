/**
 * What a refused dispute step says to the person: the server's detail (the 90 days, the file
 * refused and why, the reopening's limit), else its field errors, else its title.
 */
export const problemText = (error: unknown): string => {
  const problem = (
    error as {
      problem?: {
        detail?: string;
        title?: string;
        fieldErrors?: readonly { field: string; message: string }[];
      };
    }
  ).problem;
  if (problem?.detail) return problem.detail;
  if (problem?.fieldErrors?.length)
    return problem.fieldErrors.map((f) => `${f.field}: ${f.message}`).join(', ');
  return problem?.title ?? String((error as { message?: string }).message ?? error);
};

/** A chosen file as the API takes it: its name and its bytes in base64. */
export const fileBody = async (file: File) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { name: file.name, content: btoa(binary) };
};
