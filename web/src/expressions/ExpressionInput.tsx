/**
 * A text field for values that may hold expressions: `$` opens an autocomplete list over the
 * ancestors' labels and their fields (arrows, Enter or Tab to pick, Escape to close), and a
 * debounced live preview shows what the field evaluates to.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import {
  applySuggestion,
  complete,
  looksComplete,
  looksLikeExpression,
  type Completion,
  type CompletionContext,
} from './autocomplete';

export type PreviewResult = { ok: true; value: unknown } | { ok: false; error: string };

export interface ExpressionInputProps {
  id?: string;
  value: string;
  onChange(value: string): void;
  context: CompletionContext;
  /** Evaluates the expression for the live preview; omitted: no preview. */
  preview?: (expression: string) => Promise<PreviewResult>;
  multiline?: boolean;
  placeholder?: string;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  previewDelayMs?: number;
}

function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  try {
    return JSON.stringify(value, null, 0) ?? 'null';
  } catch {
    return String(value);
  }
}

export function ExpressionInput(props: ExpressionInputProps) {
  const { value, onChange, context, preview, multiline, previewDelayMs = 400 } = props;
  const listId = useId();
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [completion, setCompletion] = useState<Completion | null>(null);
  const [active, setActive] = useState(0);
  const [pendingCaret, setPendingCaret] = useState<number | null>(null);
  const [result, setResult] = useState<PreviewResult | null>(null);
  const open = completion !== null && completion.items.length > 0;

  useLayoutEffect(() => {
    if (pendingCaret !== null && ref.current) {
      ref.current.setSelectionRange(pendingCaret, pendingCaret);
      setPendingCaret(null);
    }
  }, [pendingCaret]);

  useEffect(() => {
    if (!preview || !looksLikeExpression(value)) {
      setResult(null);
      return;
    }
    if (!looksComplete(value)) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      preview(value).then(
        (answer) => !cancelled && setResult(answer),
        (error: unknown) =>
          !cancelled &&
          setResult({ ok: false, error: error instanceof Error ? error.message : String(error) }),
      );
    }, previewDelayMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [value, preview, previewDelayMs]);

  const update = (text: string, caret: number) => {
    onChange(text);
    setCompletion(complete(text, caret, context));
    setActive(0);
  };

  const pick = (index: number) => {
    if (!completion) return;
    const suggestion = completion.items[index];
    if (!suggestion) return;
    const next = applySuggestion(value, completion, suggestion);
    onChange(next.value);
    setPendingCaret(next.caret);
    // Keep completing: after `$request` the user may type `.` for its fields.
    setCompletion(null);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!open || !completion) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => (i + 1) % completion.items.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (i - 1 + completion.items.length) % completion.items.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(active);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setCompletion(null);
    }
  };

  const common = {
    id: props.id,
    ref,
    value,
    role: 'combobox',
    'aria-autocomplete': 'list' as const,
    'aria-expanded': open,
    'aria-controls': listId,
    'aria-activedescendant': open ? `${listId}-${active}` : undefined,
    'aria-label': props['aria-label'],
    'aria-invalid': props['aria-invalid'],
    placeholder: props.placeholder,
    disabled: props.disabled,
    spellCheck: false,
    autoComplete: 'off',
    className: 'input font-mono text-xs',
    onKeyDown,
    onBlur: () => setTimeout(() => setCompletion(null), 150),
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      update(event.target.value, event.target.selectionStart ?? event.target.value.length),
  };

  return (
    <div className="relative">
      {multiline ? <textarea rows={3} {...common} /> : <input type="text" {...common} />}
      <ul
        id={listId}
        role="listbox"
        hidden={!open}
        className="absolute z-30 mt-1 max-h-56 w-full overflow-auto rounded border border-slate-300 bg-white text-xs shadow-lg dark:border-slate-600 dark:bg-slate-800"
      >
        {open &&
          completion.items.map((item, index) => (
            <li
              key={item.insert}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`flex cursor-pointer justify-between gap-2 px-2 py-1 ${index === active ? 'bg-indigo-600 text-white' : ''}`}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(index);
              }}
            >
              <span className="font-mono">{item.label}</span>
              <span className="truncate opacity-70">{item.detail}</span>
            </li>
          ))}
      </ul>
      {result && (
        <output
          data-testid="expression-preview"
          aria-live="polite"
          className={`mt-1 block truncate rounded px-1 font-mono text-[11px] ${result.ok ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200' : 'bg-rose-50 text-rose-700 dark:bg-rose-950 dark:text-rose-200'}`}
        >
          {result.ok ? `= ${show(result.value)}` : result.error}
        </output>
      )}
    </div>
  );
}
