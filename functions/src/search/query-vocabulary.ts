/** The vocabulary of tutor search now lives in ./vocabulary/ (data files and one index module). */
export * from './vocabulary/index.js';
