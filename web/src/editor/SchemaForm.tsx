/** The property panel's fields, generated from a node type's JSON schema. */
import type { JsonSchema } from '../api/types';
import { ExpressionInput, type PreviewResult } from '../expressions/ExpressionInput';
import type { CompletionContext } from '../expressions/autocomplete';
import { asFieldText, fieldKind, humanize } from './schema-fields';

export interface SchemaFormProps {
  nodeId: string;
  schema: JsonSchema;
  values: Record<string, unknown>;
  onChange(key: string, value: unknown): void;
  context: CompletionContext;
  preview(expression: string): Promise<PreviewResult>;
  disabled?: boolean;
}

function Rows(props: {
  id: string;
  columns: string[];
  value: unknown;
  onChange(v: unknown): void;
  context: CompletionContext;
  preview: SchemaFormProps['preview'];
  disabled?: boolean;
  label: string;
}) {
  const rows = Array.isArray(props.value) ? (props.value as Record<string, unknown>[]) : [];
  const set = (index: number, column: string, text: string) =>
    props.onChange(rows.map((row, i) => (i === index ? { ...row, [column]: text } : row)));
  return (
    <div className="space-y-2">
      {rows.map((row, index) => (
        <fieldset key={index} className="rounded border border-slate-200 p-2 dark:border-slate-700">
          <legend className="px-1 text-[10px] text-slate-500">
            {props.label} {index + 1}
          </legend>
          {props.columns.map((column) => {
            const id = `${props.id}-${index}-${column}`;
            return (
              <div key={column} className="mb-1">
                <label htmlFor={id} className="text-[10px] text-slate-500">
                  {humanize(column)}
                </label>
                {column === 'key' ? (
                  <input
                    id={id}
                    className="input font-mono text-xs"
                    value={asFieldText(row[column])}
                    disabled={props.disabled}
                    onChange={(e) => set(index, column, e.target.value)}
                  />
                ) : (
                  <ExpressionInput
                    id={id}
                    value={asFieldText(row[column])}
                    onChange={(text) => set(index, column, text)}
                    context={props.context}
                    preview={props.preview}
                    disabled={props.disabled}
                  />
                )}
              </div>
            );
          })}
          <button
            type="button"
            className="text-[11px] text-rose-600 hover:underline"
            disabled={props.disabled}
            onClick={() => props.onChange(rows.filter((_, i) => i !== index))}
          >
            Remove {props.label.toLowerCase()} {index + 1}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        className="btn text-xs"
        disabled={props.disabled}
        onClick={() => props.onChange([...rows, Object.fromEntries(props.columns.map((c) => [c, '']))])}
      >
        + Add {props.label.toLowerCase()}
      </button>
    </div>
  );
}

function List(props: {
  id: string;
  value: unknown;
  onChange(v: unknown): void;
  disabled?: boolean;
  label: string;
}) {
  const items = Array.isArray(props.value) ? props.value : [];
  return (
    <div className="space-y-1">
      {items.map((item, index) => (
        <div key={index} className="flex gap-1">
          <label htmlFor={`${props.id}-${index}`} className="sr-only">
            {props.label} {index}
          </label>
          <input
            id={`${props.id}-${index}`}
            className="input font-mono text-xs"
            value={asFieldText(item)}
            disabled={props.disabled}
            onChange={(e) => props.onChange(items.map((v, i) => (i === index ? e.target.value : v)))}
          />
          <button
            type="button"
            className="btn px-2 text-xs"
            aria-label={`Remove ${props.label} ${index}`}
            disabled={props.disabled}
            onClick={() => props.onChange(items.filter((_, i) => i !== index))}
          >
            ✕
          </button>
        </div>
      ))}
      <button
        type="button"
        className="btn text-xs"
        disabled={props.disabled}
        onClick={() => props.onChange([...items, ''])}
      >
        + Add {props.label.toLowerCase()}
      </button>
    </div>
  );
}

export function SchemaForm(props: SchemaFormProps) {
  const properties = Object.entries(props.schema.properties ?? {});
  if (properties.length === 0) return <p className="text-xs text-slate-500">This node has no settings.</p>;
  return (
    <div className="space-y-3">
      {properties.map(([key, schema]) => {
        const id = `field-${props.nodeId}-${key}`;
        const kind = fieldKind(schema);
        const value = props.values[key];
        const label = humanize(key);
        if (kind.kind === 'boolean') {
          return (
            <label key={key} htmlFor={id} className="flex items-center gap-2 text-xs">
              <input
                id={id}
                type="checkbox"
                checked={value === true}
                disabled={props.disabled}
                onChange={(e) => props.onChange(key, e.target.checked)}
              />
              {label}
            </label>
          );
        }
        return (
          <div key={key}>
            <label htmlFor={kind.kind === 'rows' || kind.kind === 'list' ? undefined : id} className="label">
              {label}
              {props.schema.required?.includes(key) && kind.kind === 'expression' && (
                <span aria-hidden="true"> *</span>
              )}
            </label>
            {kind.kind === 'enum' ? (
              <select
                id={id}
                className="input"
                value={asFieldText(value ?? schema.default)}
                disabled={props.disabled}
                onChange={(e) => props.onChange(key, e.target.value)}
              >
                {kind.options.map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </select>
            ) : kind.kind === 'rows' ? (
              <Rows
                id={id}
                label={label.replace(/s$/, '')}
                columns={kind.columns}
                value={value}
                onChange={(v) => props.onChange(key, v)}
                context={props.context}
                preview={props.preview}
                disabled={props.disabled}
              />
            ) : kind.kind === 'list' ? (
              <List
                id={id}
                label={label.replace(/s$/, '')}
                value={value}
                onChange={(v) => props.onChange(key, v)}
                disabled={props.disabled}
              />
            ) : (
              <ExpressionInput
                id={id}
                value={asFieldText(value)}
                onChange={(text) => props.onChange(key, text)}
                context={props.context}
                preview={props.preview}
                multiline={key === 'note' || key === 'body'}
                disabled={props.disabled}
                placeholder={schema.default !== undefined ? asFieldText(schema.default) : undefined}
              />
            )}
            {schema.description && <p className="mt-0.5 text-[10px] text-slate-500">{schema.description}</p>}
          </div>
        );
      })}
    </div>
  );
}
