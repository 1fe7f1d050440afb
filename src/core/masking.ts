/**
 * Masks credential values wherever run data is shown (spec 5.8): every occurrence of a secret longer
 * than 7 characters keeps its first 7 characters and the rest becomes `**`. Shorter values are left
 * alone in run data: masking them would mangle ordinary text.
 */
export const MASK_KEEP = 7;

export const maskSecret = (secret: string) => `${secret.slice(0, MASK_KEEP)}**`;

export type Masker = <T>(value: T) => T;

export const noMasking: Masker = (value) => value;

/** A function that masks every secret in any JSON-like value (strings, keys untouched). */
export function createMasker(secrets: Iterable<string>): Masker {
  // Longest first, so a secret that contains another is replaced whole.
  const list = [...new Set([...secrets].filter((secret) => secret.length > MASK_KEEP))].sort(
    (a, b) => b.length - a.length,
  );
  if (list.length === 0) return noMasking;
  const maskString = (text: string): string => {
    let out = text;
    for (const secret of list) if (out.includes(secret)) out = out.split(secret).join(maskSecret(secret));
    return out;
  };
  const walk = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return maskString(value);
    if (value === null || typeof value !== 'object' || depth > 256) return value;
    if (Array.isArray(value)) return value.map((item) => walk(item, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = walk(item, depth + 1);
    return out;
  };
  return <T>(value: T) => walk(value, 0) as T;
}
