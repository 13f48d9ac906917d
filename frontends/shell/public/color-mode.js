// Applies the remembered colour mode before the first paint (no light flash in dark mode). A file
// of its own, loaded without defer, because the pages' Content-Security-Policy runs no inline script.
try {
  var mode = localStorage.getItem('color-mode');
  if (mode !== 'light' && mode !== 'dark') {
    mode = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', mode);
} catch (e) {}
