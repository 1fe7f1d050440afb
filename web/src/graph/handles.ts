/** Source and target handles of a node on the canvas (design 5). Pure. */
import type { NodeTypeInfo } from '../api/types';
import type { NodeParams } from './mapping';

export interface HandleSpec {
  /** null: the unnamed default handle. */
  id: string | null;
  label: string;
}

export function sourceHandles(
  kind: string,
  params: NodeParams,
  info: NodeTypeInfo | undefined,
): HandleSpec[] {
  if (kind === 'sticky') return [];
  let named: string[];
  if (kind === 'switch') {
    const cases = Array.isArray(params.cases) ? params.cases : [];
    named = [...cases.map((_, i) => `case-${i}`), 'default'];
  } else named = info?.handles.source ?? [];
  const handles: HandleSpec[] = named.length
    ? named.map((id) => ({ id, label: switchLabel(kind, id, params) }))
    : [{ id: null, label: '' }];
  if (params.onErrorEnabled === true) handles.push({ id: 'error', label: 'error' });
  return handles;
}

function switchLabel(kind: string, id: string, params: NodeParams): string {
  if (kind !== 'switch' || !id.startsWith('case-')) return id;
  const value = (params.cases as unknown[] | undefined)?.[Number(id.slice(5))];
  return value === undefined || value === '' ? id : `${id}: ${String(value)}`;
}

export function targetHandles(kind: string, info: NodeTypeInfo | undefined): HandleSpec[] {
  if (kind === 'sticky' || info?.group === 'trigger' || kind === 'errorHandler') return [];
  return [{ id: null, label: '' }, ...(info?.handles.target ?? []).map((id) => ({ id, label: id }))];
}
