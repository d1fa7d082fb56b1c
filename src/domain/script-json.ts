/**
 * JSON to put inside an HTML `<script>` data block (JSON-LD). The block ends at the first
 * "</script" whatever the JSON means, so `<`, `>` and `&` are written as JSON escapes, as are the
 * two line separators old JavaScript parsers choked on. The result parses back to the same value.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
