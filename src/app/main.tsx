/**
 * The browser's entry, kept tiny. A page rendered on the server is readable as it arrives, so
 * the browser paints it first and only then fetches and runs the app (start-app.tsx), which
 * hydrates it; an empty page (the admin area's) starts the app at once.
 */
import { afterFirstPaint } from './after-first-paint';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

if (container.firstElementChild !== null) await afterFirstPaint();
const { startApp } = await import('./start-app');
startApp(container);
