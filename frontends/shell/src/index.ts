// The asynchronous boundary: Module Federation settles the shared singletons before bootstrap runs.
import('./bootstrap');
