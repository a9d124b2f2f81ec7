/**
 * What a toast is and the spec's two numbers for it (docs/product.md §9), apart from lib/toast.tsx so
 * the view it loads later (lib/toast-view.tsx) reads them without importing its own loader.
 */
export const TOAST_DURATION_MS = 5000;
export const SWIPE_DISMISS_PX = 50;

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Keep it until dismissed (e.g. an alert that requires interaction). */
  persistent?: boolean;
}
