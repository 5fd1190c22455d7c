// Runs before the app (a plain script from our own origin, so the strict CSP allows it): puts
// the remembered colour mode, or the system's, on <html> at once so the page never flashes the
// other theme. src/app/color-mode.tsx takes over once the app starts; same key, same classes.
;(() => {
  let mode = 'system'
  try {
    mode = localStorage.getItem('color-mode') || 'system'
  } catch {}
  if (mode !== 'light' && mode !== 'dark') {
    mode = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
  }
  const root = document.documentElement
  root.classList.add(mode)
  root.style.colorScheme = mode
})()
