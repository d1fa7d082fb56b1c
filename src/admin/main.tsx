/**
 * The back office's entry, loaded by src/pages/admin/index.astro only. The HTTP layer gets the
 * shop's code handling (token refresh, forced and modal logout) as on every storefront page.
 */
import { createRoot } from 'react-dom/client';
import { installHttpHandling } from '../stores/http-install.ts';
import { App } from './App.tsx';
// antd's component styles, made at build time: App.tsx's theme turns its runtime styles off.
import 'antd/dist/antd.css';
import './admin.css';

installHttpHandling();
const mount = document.getElementById('admin-root');
if (mount) createRoot(mount).render(<App />);
