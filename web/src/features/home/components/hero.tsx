import { HERO_STATS } from '#shared/constants';
import { formatRating } from '#shared/french';
import { Badge, Box, Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuAward, LuSearch, LuShieldCheck, LuUserPlus } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';

const STATS = [
  { value: HERO_STATS.tutors, label: 'Répétiteurs' },
  { value: HERO_STATS.verified, label: 'Vérifiés' },
  { value: formatRating(HERO_STATS.rating), label: 'Note moyenne' },
] as const;

interface HeroProps {
  /** 'Devenir répétiteur': the page says what it means for the signed-in user (see BecomeTutor). */
  onBecomeTutor: () => void;
}

/** Landing hero (spec §1). */
export function Hero({ onBecomeTutor }: HeroProps) {
  const navigate = useNavigate();

  return (
    <Box
      as="section"
      aria-labelledby="hero-title"
      rounded="2xl"
      px={{ base: '5', md: '10' }}
      py={{ base: '8', md: '12' }}
      color="white"
      bgGradient="to-br"
      gradientFrom="orange.500"
      gradientTo="orange.700"
      shadow="lg"
    >
      <Stack gap={{ base: '5', md: '6' }} maxW="3xl">
        <HStack gap="2" wrap="wrap">
          <Badge size="md" variant="solid" bg="whiteAlpha.300" color="white" rounded="full" px="3">
            <LuShieldCheck />
            Vérifié KYC
          </Badge>
          <Badge size="md" variant="solid" bg="whiteAlpha.300" color="white" rounded="full" px="3">
            <LuAward />
            Excellence garantie
          </Badge>
        </HStack>

        <Heading id="hero-title" as="h2" size={{ base: '3xl', md: '5xl' }} lineHeight="1.15" letterSpacing="tight">
          Trouvez le répétiteur idéal en Côte d'Ivoire
        </Heading>
        <Text fontSize={{ base: 'md', md: 'lg' }} color="whiteAlpha.900">
          La première plateforme moderne et sécurisée qui connecte parents et répétiteurs vérifiés en Afrique
        </Text>

        <SimpleGrid columns={3} gap={{ base: '2', md: '4' }} maxW="lg">
          {STATS.map((stat) => (
            <Box key={stat.label} bg="whiteAlpha.200" rounded="xl" px="2" py="3" textAlign="center">
              <Text fontSize={{ base: '2xl', md: '3xl' }} fontWeight="bold" lineHeight="1.1">
                {stat.value}
              </Text>
              <Text fontSize={{ base: 'xs', md: 'sm' }} color="whiteAlpha.900">
                {stat.label}
              </Text>
            </Box>
          ))}
        </SimpleGrid>

        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button size="lg" bg="white" color="orange.700" _hover={{ bg: 'orange.50' }} onClick={() => navigate('/search')}>
            <LuSearch />
            Trouver un répétiteur
          </Button>
          <Button
            size="lg"
            variant="outline"
            color="white"
            borderColor="whiteAlpha.700"
            _hover={{ bg: 'whiteAlpha.200' }}
            onClick={onBecomeTutor}
          >
            <LuUserPlus />
            Devenir répétiteur
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
