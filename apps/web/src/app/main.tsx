// antd-mobile's CSS variables (its barrel's one side effect; components are imported one by one, decision 033).
import 'antd-mobile/es/global';
// First: the company request leaves before the router fetches the page's chunks.
import './start';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import './global.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);
// The first render in a transition: React renders the first page in slices of a few
// milliseconds instead of one long task (decision 045). The server's first screen, or the
// splash, is on screen meanwhile.
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
