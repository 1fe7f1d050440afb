/** The node palette from GET /api/node-types: drag a type onto the canvas, or press it to add one. */
import { useState } from 'react';
import type { NodeTypeInfo } from '../api/types';

export const PALETTE_DRAG_TYPE = 'application/x-skein-node-type';
const GROUP_ORDER = ['trigger', 'logic', 'data', 'flow', 'io', 'ai', 'misc'];

export function Palette({ types, onAdd }: { types: NodeTypeInfo[]; onAdd(type: string): void }) {
  const [filter, setFilter] = useState('');
  const shown = types.filter(
    (t) =>
      t.type.toLowerCase().includes(filter.toLowerCase()) ||
      t.description.toLowerCase().includes(filter.toLowerCase()),
  );
  const groups = [...new Set([...GROUP_ORDER, ...shown.map((t) => t.group)])].filter((g) =>
    shown.some((t) => t.group === g),
  );
  return (
    <nav aria-label="Node palette" className="flex h-full flex-col">
      <label htmlFor="palette-filter" className="sr-only">
        Filter nodes
      </label>
      <input
        id="palette-filter"
        type="search"
        className="input mb-2"
        placeholder="Find a node…"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <div className="flex-1 space-y-3 overflow-auto pr-1">
        {groups.map((group) => (
          <section key={group} aria-label={`${group} nodes`}>
            <h3 className="mb-1 text-[10px] font-bold uppercase tracking-wide text-slate-500">{group}</h3>
            <ul className="space-y-1">
              {shown
                .filter((t) => t.group === group)
                .map((t) => (
                  <li key={t.type}>
                    <button
                      type="button"
                      draggable
                      data-node-type={t.type}
                      title={t.docs}
                      aria-label={`Add ${t.type} node`}
                      onDragStart={(event) => {
                        event.dataTransfer.setData(PALETTE_DRAG_TYPE, t.type);
                        event.dataTransfer.effectAllowed = 'move';
                      }}
                      onClick={() => onAdd(t.type)}
                      className="w-full cursor-grab rounded border border-slate-200 bg-white px-2 py-1 text-left text-xs hover:border-indigo-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-700 dark:bg-slate-900"
                    >
                      <span className="font-semibold">{t.type}</span>
                      <span className="block truncate text-[10px] text-slate-500">{t.description}</span>
                    </button>
                  </li>
                ))}
            </ul>
          </section>
        ))}
      </div>
    </nav>
  );
}
