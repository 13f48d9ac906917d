// Types of the DOM matchers that @plantfolk/ui/testing/setup installs for vitest.
/// <reference types="@testing-library/jest-dom/vitest" />
