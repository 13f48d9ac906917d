// Entry of the standalone host page; the dynamic import is the Module Federation async boundary.
import('./standalone-bootstrap');
