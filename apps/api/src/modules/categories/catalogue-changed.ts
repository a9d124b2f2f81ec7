/**
 * The one call site every category write makes after its transaction committed, for the anonymous
 * catalogue's response cache (built on another branch): the storefront's category list and the
 * product pages it filters change when a category is added, renamed, reordered, hidden or deleted.
 *
 * TODO(anonymous-catalogue cache): invalidate the cached anonymous catalogue responses here. Until
 * the cache lands this does nothing.
 */
export function catalogueChanged(): void {
  // Intentionally empty: see the TODO above.
}
