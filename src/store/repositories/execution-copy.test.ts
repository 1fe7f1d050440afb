import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { executionsCopyData } from './execution-copy.js';
import { prepareExecution } from './prepared-execution.js';

const row = (extra: Record<string, unknown> = {}) =>
  prepareExecution({
    id: randomUUID(),
    workflowId: randomUUID(),
    status: 'success',
    startedAt: new Date('2026-01-01T00:00:00.000Z'),
    ...extra,
  });

describe('executionsCopyData', () => {
  it('is the binary COPY signature, no header extension, the rows and the -1 trailer, with no byte to spare', () => {
    const data = executionsCopyData([row(), row({ triggerSource: 'ÄPI 😀', userId: randomUUID() })]);
    expect(data.subarray(0, 11).toString('latin1')).toBe('PGCOPY\n\xff\r\n\0');
    expect(data.readInt32BE(11)).toBe(0);
    expect(data.readInt32BE(15)).toBe(0);
    expect(data.readInt16BE(19)).toBe(13);
    expect(data.readInt16BE(data.length - 2)).toBe(-1);
  });

  it('writes an id as its 16 bytes, and a time as microseconds since 2000-01-01', () => {
    const id = '0191e2a4-B5C6-7d8e-9f00-112233445566';
    const data = executionsCopyData([row({ id, startedAt: new Date('1999-12-31T23:59:59.999Z') })]);
    expect(data.readInt32BE(21)).toBe(16);
    expect(data.subarray(25, 41).toString('hex')).toBe(id.replaceAll('-', '').toLowerCase());
    expect(data.includes(Buffer.from('fffffffffffffc18', 'hex'))).toBe(true); // -1,000 µs
  });

  it.each([
    ['not-a-uuid'],
    [`${randomUUID()},${randomUUID()}`],
    ['0191e2a4-b5c6-7d8e-9f00-11223344556g'],
    ['0191e2a4+b5c6-7d8e-9f00-112233445566'],
    ['0191e2a4-b5c6-7d8e-9f00-11223344556\u0660'],
  ])('refuses a user id that is not a UUID (%j), as the database would', (userId) => {
    expect(() => executionsCopyData([row({ userId })])).toThrow(TypeError);
  });

  it('refuses an invalid date', () => {
    expect(() => executionsCopyData([row({ startedAt: new Date(Number.NaN) })])).toThrow(RangeError);
  });
});
