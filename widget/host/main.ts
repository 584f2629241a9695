// Entry of static.min.js (served at /v1/static/<cacheVersion>/js/static.min.js, inserted by the
// loader). document.currentScript is only set while this top-level code runs.

import './styles.css';
import { boot } from './session.js';

boot(document.currentScript as HTMLScriptElement | null);
