/** Chakra's QrCode, with its recipe: added to the theme when this code arrives (app/theme.ts, `addRecipes`). */
import { qrCodeSlotRecipe } from '@chakra-ui/react/theme/recipes/qr-code';
import { addRecipes } from '../../app/theme';

addRecipes({ slotRecipes: { qrCode: qrCodeSlotRecipe } });

export { QrCode } from '@chakra-ui/react';
