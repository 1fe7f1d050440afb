/** A modal dialog on the native <dialog> element: focus moves in, Escape closes, focus returns. */
import { useEffect, useRef, type ReactNode } from 'react';

export function Dialog(props: {
  title: string;
  open: boolean;
  onClose(): void;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="dialog-title"
      onClose={props.onClose}
      onCancel={(event) => {
        event.preventDefault();
        props.onClose();
      }}
      className={`m-auto w-full ${props.wide ? 'max-w-3xl' : 'max-w-lg'} rounded-lg border border-slate-300 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-black/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100`}
    >
      {props.open && (
        <div className="flex max-h-[85vh] flex-col">
          <div className="flex items-center border-b border-slate-200 px-4 py-2 dark:border-slate-700">
            <h2 id="dialog-title" className="font-semibold">
              {props.title}
            </h2>
            <button type="button" className="btn ml-auto" onClick={props.onClose} aria-label="Close dialog">
              ✕
            </button>
          </div>
          <div className="overflow-auto p-4">{props.children}</div>
        </div>
      )}
    </dialog>
  );
}
