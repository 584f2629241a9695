// The main navigation, the current page marked for sight and for screen readers (aria-current).

import { useLocation } from 'preact-iso/router';
import { can } from '../api/session.js';
import { NAV_ITEMS } from './nav-items.js';

export function Nav() {
  const { path } = useLocation();
  const items = NAV_ITEMS.filter((item) => !item.needs || can(item.needs));
  return (
    <nav class="nav" aria-label="Main">
      <ul>
        {items.map((item) => {
          const current = path === item.href || path.startsWith(`${item.href}/`);
          return (
            <li key={item.href}>
              <a href={item.href} aria-current={current ? 'page' : undefined}>
                {item.label}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
