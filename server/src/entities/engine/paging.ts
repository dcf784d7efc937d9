/** The JHipster pagination headers (JHIPSTER-CONTRACT §5), byte for byte. */

export function linkHeader(path: string, page: number, size: number, total: number): string {
  const totalPages = Math.ceil(total / size);
  const url = (n: number) => `<${path}?page=${n}&size=${size}>`;
  const links: string[] = [];
  if (page + 1 < totalPages) links.push(`${url(page + 1)}; rel="next"`);
  if (page > 0) links.push(`${url(page - 1)}; rel="prev"`);
  links.push(`${url(Math.max(totalPages - 1, 0))}; rel="last"`);
  links.push(`${url(0)}; rel="first"`);
  return links.join(',');
}
