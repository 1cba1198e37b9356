/**
 * The browser's entry. A page rendered on the server starts it only once the page is on screen
 * (server/render/app-loader.ts), and the app hydrates it; the admin area's empty page starts it
 * at once, and the app renders from scratch.
 */
import { startApp } from './start-app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
// Evaluating the modules and starting the app are one piece of main-thread work otherwise; on a
// slow phone that is one long task that delays a tap. Starting in the next task splits it in two.
setTimeout(() => startApp(container), 0);
