import { startEarlyLoading } from './remotes/early-start';

// Before anything else: the runtime config, then the entry of the remote that owns this URL, load
// while the shell's own chunks do.
void startEarlyLoading();
// The asynchronous boundary: Module Federation settles the shared singletons before bootstrap runs.
import('./bootstrap');
