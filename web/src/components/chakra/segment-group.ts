/** Chakra's SegmentGroup, with its recipe: added to the theme when this code arrives (app/theme.ts, `addRecipes`). */
import { segmentGroupSlotRecipe } from '@chakra-ui/react/theme/recipes/segment-group';
import { addRecipes } from '../../app/theme';

addRecipes({ slotRecipes: { segmentGroup: segmentGroupSlotRecipe } });

export { SegmentGroup } from '@chakra-ui/react';
