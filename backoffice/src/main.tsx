// The back office's pages: reads who is signed in, then shows the app.

import { render } from 'preact';
import { App } from './app.js';
import { loadSession } from './api/session.js';
import './styles/base.css';
import './styles/layout.css';
import './styles/controls.css';

const root = document.getElementById('app');
if (root) {
  render(<App />, root);
  void loadSession();
}
