/** The French message catalogue (spec §8). Every user-facing error or toast comes from here. */
import * as catalogue from './message-catalogue.js';

/** The whole catalogue as one object (its sections: message-catalogue.ts). */
export const messages = catalogue;
