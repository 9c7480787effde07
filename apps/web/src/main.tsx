import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

// The first render is a transition: React renders the shell and the page in slices of a few
// milliseconds and lets the browser paint and answer between them, where an ordinary first render
// is one task (on a throttled phone 300 to 600 ms with the page's code).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
