/**
 * Names inside folder archives. On export, folder and workflow names become safe path segments
 * (no separators, control characters, leading dots or names Windows reserves), unique among their
 * siblings; the real names travel inside the JSON files. On import, entry paths are checked before
 * anything is read: absolute paths, backslashes, drive letters, `.`/`..` segments and control
 * characters refuse the whole archive.
 */
import { AppError } from '../../../core/errors.js';

/** The metadata file of each directory: `{format, version, name, description}` of the folder. */
export const FOLDER_FILE = '.folder.json';
export const WORKFLOW_EXTENSION = '.json';
const MAX_SEGMENT_LENGTH = 100;
const MAX_ENTRY_NAME_LENGTH = 1024;

// eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;
// eslint-disable-next-line no-control-regex -- and what an imported name may not contain
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/** A file or directory name for `name` that every common file system accepts. */
export function safeSegment(name: string): string {
  let segment = name
    .replace(UNSAFE_CHARACTERS, '_')
    .trim()
    .replace(/[. ]+$/, '');
  segment = segment.replace(/^\.+/, (dots) => '_'.repeat(dots.length));
  if (WINDOWS_RESERVED.test(segment)) segment = `_${segment}`;
  segment = [...segment].slice(0, MAX_SEGMENT_LENGTH).join('').trim();
  return segment || 'untitled';
}

/** `base + extension`, or `base (2) + extension`..., unique in `taken` ignoring case; adds it to `taken`. */
export function uniqueSegment(base: string, extension: string, taken: Set<string>): string {
  for (let n = 1; ; n++) {
    const candidate = `${n === 1 ? base : `${base} (${n})`}${extension}`;
    if (!taken.has(candidate.toLowerCase())) {
      taken.add(candidate.toLowerCase());
      return candidate;
    }
  }
}

export interface EntryPath {
  segments: string[];
  isDirectory: boolean;
}

const unsafe = (name: string, message: string) =>
  new AppError('invalid_archive', {
    detail: `Unsafe entry name: ${message}`,
    errors: [{ path: name.slice(0, 200), message }],
  });

/** The segments of an entry name, or invalid_archive when the name could escape its directory. */
export function parseEntryPath(name: string, maxDepth: number): EntryPath {
  if (name.length === 0) throw unsafe(name, 'is empty');
  if (name.length > MAX_ENTRY_NAME_LENGTH) throw unsafe(name, 'is too long');
  if (CONTROL_CHARACTERS.test(name)) throw unsafe(name, 'contains control characters');
  if (name.includes('\\')) throw unsafe(name, 'contains a backslash');
  if (name.startsWith('/')) throw unsafe(name, 'is an absolute path');
  const isDirectory = name.endsWith('/');
  const segments = (isDirectory ? name.slice(0, -1) : name).split('/');
  if (/^[A-Za-z]:/.test(segments[0]!)) throw unsafe(name, 'starts with a drive letter');
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..') {
      throw unsafe(name, 'has an empty, "." or ".." path segment');
    }
    if (segment.length > 255) throw unsafe(name, 'has a path segment longer than 255 characters');
  }
  if (segments.length > maxDepth + 1) throw unsafe(name, `nests deeper than ${maxDepth} folders`);
  return { segments, isDirectory };
}

/** Files that archivers add on their own (macOS resource forks, Finder and Explorer caches). */
export function isArchiverNoise(segments: readonly string[]): boolean {
  const base = segments[segments.length - 1]!;
  return segments[0] === '__MACOSX' || base === '.DS_Store' || base === 'Thumbs.db' || base.startsWith('._');
}
