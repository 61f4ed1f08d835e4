import i18n, { NAMESPACES } from '.';

/**
 * Component tests render screens directly, outside the app's Suspense boundaries: every namespace is loaded
 * before they start, as the app has it by the time a screen shows.
 */
await i18n.loadNamespaces(NAMESPACES);
