import { describe, expect, it } from 'vitest';
import { NonRetriableError } from '../../core/engine/index.js';
import { runNodeForTest } from '../test-support.js';
import throwError from './index.js';

describe('throwError', () => {
  it('fails with the rendered message and the status code', async () => {
    const error = await runNodeForTest(
      throwError,
      { message: 'missing $input.what', statusCode: 404 },
      { input: { what: 'id' } },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NonRetriableError);
    expect(error).toMatchObject({ message: 'missing id', httpStatus: 404, retriable: false });
  });

  it('defaults to 400', async () => {
    await expect(runNodeForTest(throwError, { message: 'bad' })).rejects.toMatchObject({ httpStatus: 400 });
  });

  it('refuses a status outside 400-599', async () => {
    await expect(runNodeForTest(throwError, { message: 'x', statusCode: 302 })).rejects.toThrow(
      '"statusCode"',
    );
    await expect(runNodeForTest(throwError, { message: 'x', statusCode: '600' })).rejects.toThrow(
      '"statusCode" must be between 400 and 599',
    );
  });
});
