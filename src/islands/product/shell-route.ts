/**
 * Which product the shell page shows. The shell is pre-rendered once per locale at
 * `/{locale}/product/new/`; the server answers `/{locale}/product/<id>/` with it for products
 * added after the build, so the id comes from the path. `?id=` works too, for opening the shell
 * directly (tests, previews).
 */
const ID = /^[1-9][0-9]{0,9}$/;
const MAX_ID = 2_147_483_647;

export function productIdFrom(pathname: string, search: string): number | null {
  const fromPath = /\/product\/([^/]+)\/?$/.exec(pathname)?.[1];
  const candidate = fromPath !== undefined && fromPath !== 'new' ? fromPath : new URLSearchParams(search).get('id');
  if (candidate === null || !ID.test(candidate)) return null;
  const id = Number(candidate);
  return id <= MAX_ID ? id : null;
}
