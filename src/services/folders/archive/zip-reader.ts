/**
 * Reads an uploaded ZIP defensively. The central directory is checked whole (entry count, declared
 * sizes, encryption, compression method) before anything is inflated, so an archive declaring too
 * much is refused at once; inflating then stops at each entry's declared size, so a header that
 * lies cannot make it allocate more. CRCs and sizes must match. Only stored and deflated entries,
 * no ZIP64, no multi-disk archives: what the folder export writes and what common tools make.
 */
import { crc32, inflateRawSync } from 'node:zlib';
import { AppError } from '../../../core/errors.js';

export interface ZipLimits {
  maxEntries: number;
  /** Uncompressed bytes of one entry. */
  maxEntryBytes: number;
  /** Uncompressed bytes of all entries together. */
  maxTotalBytes: number;
}

export interface ZipEntry {
  /** The raw entry name (checked by the caller; see entry-names.ts). */
  name: string;
  data: Uint8Array;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

const invalid = (message: string, path = 'body') =>
  new AppError('invalid_archive', { detail: message, errors: [{ path, message }] });
const tooLarge = (detail: string) => new AppError('payload_too_large', { detail });

interface Header {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

function findEndRecord(zip: Buffer): number {
  const lowest = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= lowest; at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw invalid('not a ZIP archive (no end of central directory)');
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function readDirectory(zip: Buffer, limits: ZipLimits): Header[] {
  const end = findEndRecord(zip);
  const count = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (
    zip.readUInt16LE(end + 4) !== 0 ||
    zip.readUInt16LE(end + 6) !== 0 ||
    zip.readUInt16LE(end + 8) !== count
  ) {
    throw invalid('multi-disk archives are not supported');
  }
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    throw invalid('ZIP64 archives are not supported');
  }
  if (count > limits.maxEntries) throw invalid(`the archive has more than ${limits.maxEntries} entries`);
  const directoryEnd = directoryOffset + directorySize;
  if (directoryEnd > end) throw invalid('the central directory is out of bounds');

  const headers: Header[] = [];
  const names = new Set<string>();
  let total = 0;
  for (let at = directoryOffset, i = 0; i < count; i++) {
    if (at + 46 > directoryEnd || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) {
      throw invalid('the central directory is corrupt');
    }
    const flags = zip.readUInt16LE(at + 8);
    const nameLength = zip.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (next > directoryEnd) throw invalid('the central directory is corrupt');
    let name: string;
    try {
      name = utf8.decode(zip.subarray(at + 46, at + 46 + nameLength));
    } catch {
      throw invalid('an entry name is not UTF-8');
    }
    const header: Header = {
      name,
      method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
    };
    if (flags & 0x1) throw invalid('encrypted entries are not supported', name);
    if (header.method !== STORED && header.method !== DEFLATED) {
      throw invalid(`compression method ${header.method} is not supported`, name);
    }
    if (names.has(name)) throw invalid('the entry appears twice', name);
    names.add(name);
    if (header.size > limits.maxEntryBytes) {
      throw tooLarge(`${name} unpacks to more than ${limits.maxEntryBytes} bytes`);
    }
    total += header.size;
    if (total > limits.maxTotalBytes) {
      throw tooLarge(`the archive unpacks to more than ${limits.maxTotalBytes} bytes`);
    }
    headers.push(header);
    at = next;
  }
  return headers;
}

function readEntry(zip: Buffer, header: Header, dataEnd: number): Uint8Array {
  const at = header.localOffset;
  if (at + 30 > dataEnd || zip.readUInt32LE(at) !== LOCAL_HEADER) {
    throw invalid('the local header is missing or corrupt', header.name);
  }
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  const end = start + header.compressedSize;
  if (end > dataEnd) throw invalid('the entry data is out of bounds', header.name);
  const packed = zip.subarray(start, end);
  let data: Uint8Array;
  if (header.method === STORED) data = packed;
  else if (header.size === 0 && packed.length === 0) data = packed;
  else {
    try {
      data = inflateRawSync(packed, { maxOutputLength: Math.max(header.size, 1) });
    } catch {
      throw invalid('the entry data is corrupt or larger than declared', header.name);
    }
  }
  if (data.length !== header.size) throw invalid('the entry size does not match its header', header.name);
  if (crc32(data) >>> 0 !== header.crc) throw invalid('the entry checksum does not match', header.name);
  return data;
}

/** Every entry of `zip`, or an AppError (invalid_archive 422, payload_too_large 413). */
export function readZip(zip: Buffer, limits: ZipLimits): ZipEntry[] {
  if (zip.length < 22) throw invalid('not a ZIP archive');
  const headers = readDirectory(zip, limits);
  const dataEnd = zip.readUInt32LE(findEndRecord(zip) + 16);
  return headers.map((header) => ({ name: header.name, data: readEntry(zip, header, dataEnd) }));
}
