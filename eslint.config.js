// Type-aware lint. Import boundaries: only src/backends/uia/ may import koffi (and, for macOS,
// src/backends/ax/axNative.ts alone, where every declaration sits beside its Apple header line), only
// src/backends/atspi/ the D-Bus library, protocol/ nothing of src/ (nor Node APIs), and
// nothing outside src/backends/ reaches into a platform backend folder. X11 capture (koffi on
// libX11) lives in src/backends/x11/; only src/pixels/ encodes and reads pixels (sharp,
// tesseract.js) and only the sim draws its screen (@napi-rs/canvas).
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const platformLibs = [
  { name: 'koffi', message: 'Only src/backends/uia/ may import koffi.' },
  { name: 'dbus-next', message: 'Only src/backends/atspi/ may import the D-Bus library.' },
];
const pixelLibs = [
  { name: 'sharp', message: 'Only src/pixels/ encodes images.' },
  { name: 'tesseract.js', message: 'Only src/pixels/ runs OCR.' },
  { name: '@napi-rs/canvas', message: 'Only src/backends/sim/ draws its screen.' },
];
const backendInternals = {
  group: [
    '**/backends/sim/*',
    '**/backends/atspi/*',
    '**/backends/uia/*',
    '**/backends/x11/*',
    '**/backends/ax/*',
  ],
  message:
    'Import the AccessibilityBackend contract (src/backends/backend.ts) or the factory, not a backend folder.',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'dashboard/dist/',
      'coverage/',
      '.tmp/',
      'protocol/generated/',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'no-restricted-imports': [
        'error',
        { paths: [...platformLibs, ...pixelLibs], patterns: [backendInternals] },
      ],
    },
  },
  {
    files: ['src/pixels/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [...platformLibs, pixelLibs[2]], patterns: [backendInternals] },
      ],
    },
  },
  {
    files: ['src/backends/x11/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [platformLibs[1], ...pixelLibs] }] },
  },
  {
    files: ['src/backends/uia/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [platformLibs[1]] }],
    },
  },
  {
    // The macOS backend reuses the UIA host's supervisor, transport and runtime; koffi only in
    // axNative.ts (below), so the fake AX surface drives everything else on any platform.
    files: ['src/backends/ax/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'koffi', message: 'Only src/backends/ax/axNative.ts may import koffi.' },
            platformLibs[1],
            ...pixelLibs,
          ],
        },
      ],
    },
  },
  {
    files: ['src/backends/ax/axNative.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [platformLibs[1], ...pixelLibs] }] },
  },
  {
    files: ['src/backends/atspi/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [platformLibs[0]] }],
    },
  },
  {
    // The backend factory and each backend's own tests may name a backend folder.
    files: ['src/backends/*.ts', 'test/**', 'bench/**', 'scripts/harness/**'],
    rules: { 'no-restricted-imports': ['error', { paths: platformLibs }] },
  },
  {
    files: ['src/backends/sim/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [...platformLibs, ...pixelLibs.slice(0, 2)] }],
    },
  },
  {
    files: ['test/unit/backends/x11/**', 'test/x11/**', 'bench/pixels/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [platformLibs[1]] }] },
  },
  {
    files: ['test/unit/backends/uia/**', 'test/wine/**', 'bench/uia/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [platformLibs[1]] }] },
  },
  {
    files: ['test/unit/backends/atspi/**', 'test/atspi/**', 'bench/atspi/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [platformLibs[0]] }] },
  },
  {
    files: ['protocol/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: platformLibs,
          patterns: [
            {
              group: ['**/src/*', '../../src/**', '../../../src/**'],
              message: 'protocol/ imports nothing of src/.',
            },
            { group: ['node:*'], message: 'protocol/ uses no Node APIs.' },
          ],
        },
      ],
    },
  },
  {
    // The dashboard page runs in a browser: DOM globals, no Node APIs, nothing of src/.
    files: ['dashboard/src/**'],
    languageOptions: { globals: globals.browser },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: platformLibs,
          patterns: [
            { group: ['../../src/**'], message: 'The page imports nothing of src/.' },
            { group: ['node:*'], message: 'The page runs in a browser: no Node APIs.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: globals.node,
    },
  },
);
