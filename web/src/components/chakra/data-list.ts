/** Chakra's DataList, with its recipe: added to the theme when this code arrives (app/theme.ts, `addRecipes`). */
import { dataListSlotRecipe } from '@chakra-ui/react/theme/recipes/data-list';
import { addRecipes } from '../../app/theme';

addRecipes({ slotRecipes: { dataList: dataListSlotRecipe } });

export { DataList } from '@chakra-ui/react';
