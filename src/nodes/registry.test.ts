import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeDefinitions, nodeRegistry } from './registry.js';

describe('node registry', () => {
  const folders = fs
    .readdirSync(new URL('.', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

  it('registers every node folder under its own type', () => {
    expect([...nodeRegistry.keys()].sort()).toEqual(folders);
  });

  it('lists every type once', () => {
    expect(nodeRegistry.size).toBe(nodeDefinitions.length);
  });

  it('gives every node a group, a description and a params schema', () => {
    for (const definition of nodeDefinitions) {
      expect(definition.description.length, definition.type).toBeGreaterThan(0);
      expect(definition.params, definition.type).toMatchObject({ type: 'object' });
    }
  });
});
