/** The id of each layout's `<main>`: the skip link's target (app/site-root.tsx). */
export const MAIN_ID = 'main';
