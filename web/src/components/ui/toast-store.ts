/**
 * Toasts (spec sections 4, 8, 9): at most one visible, a new one replaces the old one, shown for
 * 5000 ms. A plain store so that code outside React (guards, mutations) can raise a toast too.
 */
import { isApiError } from '@/lib/api-client';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** ms; default TOAST_DURATION_MS */
  duration?: number;
}

export interface ToastItem extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description?: string;
}

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

type Listener = () => void;

let current: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
let timer: ReturnType<typeof setTimeout> | undefined;
let held = false;

function emit(): void {
  for (const listener of listeners) listener();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): ToastItem[] {
  return current;
}

export function dismissToast(id?: number): void {
  const before = current;
  current = id === undefined ? [] : current.filter((t) => t.id !== id);
  if (current !== before) {
    if (current.length === 0 && timer) clearTimeout(timer);
    emit();
  }
}

/**
 * Keeps the toast shown now: later ones are dropped. For a page that is leaving (the sign-in
 * redirect): the failure toast of the call that found the session ended must not replace its message.
 */
export function holdToasts(): void {
  held = true;
}

/** For tests: show toasts again. */
export function releaseToastsForTests(): void {
  held = false;
}

/** Shows a toast, replacing whatever was shown; answers its id (-1 when held). */
export function toast(input: ToastInput): number {
  if (held) return -1;
  const item: ToastItem = {
    id: nextId++,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DURATION_MS,
  };
  current = [item, ...current].slice(0, TOAST_LIMIT);
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => dismissToast(item.id), item.duration);
  emit();
  return item.id;
}

const CARRIED_KEY = 'bakery:toast-after-navigation';

/**
 * Shows a toast now and once more after a full page navigation (which drops the page's state):
 * the admin sign-in says 'Welcome' and then loads /admin/products afresh.
 */
export function toastAcrossNavigation(input: ToastInput): number {
  try {
    sessionStorage.setItem(CARRIED_KEY, JSON.stringify({ title: input.title, description: input.description, variant: input.variant }));
  } catch {
    // storage disabled: the toast shows on this page only
  }
  return toast(input);
}

/** Shows the toast carried over a full navigation, if any (once). */
export function showCarriedToast(): void {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(CARRIED_KEY);
    sessionStorage.removeItem(CARRIED_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const input = JSON.parse(raw) as Partial<ToastInput>;
    if (typeof input.title !== 'string') return;
    toast({
      title: input.title,
      description: typeof input.description === 'string' ? input.description : undefined,
      variant: input.variant === 'destructive' ? 'destructive' : 'default',
    });
  } catch {
    // not ours
  }
}

/**
 * The reason the server gave for refusing a call, when it is about the world and not the request:
 * a 409 ('Only 3 left in stock') or a 404 ('Product not found').
 */
export function refusalReason(err: unknown): string | undefined {
  return isApiError(err, 409) || isApiError(err, 404) ? err.serverMessage : undefined;
}

/** Shorthands for the two styles the app uses. */
export const notify = {
  success: (description: string, title = 'Success') => toast({ title, description }),
  error: (description: string, title = 'Error') => toast({ title, description, variant: 'destructive' }),
  /** A failed call: the spec's text, with the server's reason under it when it gave one. */
  failed: (text: string, err: unknown) => {
    const reason = refusalReason(err);
    return reason ? toast({ title: text, description: reason, variant: 'destructive' }) : notify.error(text);
  },
};
