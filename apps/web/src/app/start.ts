import { startApp } from './bootstrap';

/**
 * Start-up's first request (the company of this host) leaves before the router module is
 * evaluated: main.tsx imports this module before the app, and the router starts fetching the
 * first page's chunks as soon as it is created, which on HTTP/1.1 would queue the company
 * request behind them (decision 033).
 */
void startApp();
