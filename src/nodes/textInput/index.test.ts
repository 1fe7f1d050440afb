import { describe, expect, it } from 'vitest';
import { runNodeForTest } from '../test-support.js';
import textInput from './index.js';

describe('textInput', () => {
  it('outputs body, headers and query with defaults for missing body keys', async () => {
    const result = await runNodeForTest(
      textInput,
      {
        inputFields: [
          { key: 'name', defaultValue: 'World' },
          { key: 'lang', defaultValue: 'en' },
          { key: 'x' },
        ],
      },
      {
        trigger: {
          body: { lang: 'fr' },
          headers: { 'X-Custom': '1', Authorization: 'Bearer secret', cookie: 'a=b' },
          query: { q: '1' },
        },
      },
    );
    expect(result.output).toEqual({
      body: { lang: 'fr', name: 'World' },
      headers: { 'x-custom': '1' },
      query: { q: '1' },
    });
  });

  it('copes with a trigger that has no HTTP shape', async () => {
    const result = await runNodeForTest(textInput, {}, { trigger: 'plain' });
    expect(result.output).toEqual({ body: {}, headers: {}, query: {} });
  });

  it('keeps a non-object body as is', async () => {
    const result = await runNodeForTest(
      textInput,
      { inputFields: [{ key: 'a', defaultValue: 1 }] },
      { trigger: { body: [1, 2] } },
    );
    expect(result.output).toEqual({ body: [1, 2], headers: {}, query: {} });
  });
});
