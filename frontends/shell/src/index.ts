import { startEarlyLoading, startEarlyRequests } from './remotes/early-start';

// Before anything else: the runtime config, then the code of the remote that owns this URL, load
// while the shell's own chunks do; so do the page-start session renewal and a guest's feed.
void startEarlyLoading();
void startEarlyRequests();
// The asynchronous boundary: Module Federation settles the shared singletons before bootstrap runs.
import('./bootstrap');
