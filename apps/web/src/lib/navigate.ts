/** Navigation for code outside React (the API client): the router listens to the hash. */
export function navigateTo(path: string): void {
  window.location.hash = path.startsWith('#') ? path : `#${path}`;
}
