// Async boundary: shared singletons (React, the store) are negotiated before any of this app's code runs.
void import('./bootstrap');
