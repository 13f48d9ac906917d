import { plantLimits, type PostPrivacy } from '@plantfolk/api-client';
import { SimpleGrid, Stack, Text, type FormController, type FormErrors } from '@plantfolk/ui';
import { NumberInput, Switch, TextInput } from '@plantfolk/ui/controls';
import { PrivacyPicker } from '../posts/privacy-picker';

export type PlantFormValues = {
  name: string;
  species: string;
  available: boolean;
  /** '' when not given. */
  quantity: number | string;
  swap_terms: string;
};

export const emptyPlantValues: PlantFormValues = {
  name: '',
  species: '',
  available: true,
  quantity: '',
  swap_terms: '',
};

export function validatePlant(values: PlantFormValues): FormErrors<PlantFormValues> {
  const quantity = values.quantity === '' ? null : Number(values.quantity);
  return {
    name: !values.name.trim()
      ? 'Give the plant a name.'
      : values.name.trim().length > plantLimits.name
        ? `At most ${plantLimits.name} characters.`
        : null,
    species:
      values.species.trim().length > plantLimits.species
        ? `At most ${plantLimits.species} characters.`
        : null,
    swap_terms:
      values.swap_terms.trim().length > plantLimits.swapTerms
        ? `At most ${plantLimits.swapTerms} characters.`
        : null,
    quantity:
      quantity !== null &&
      (!Number.isInteger(quantity) ||
        quantity < plantLimits.minQuantity ||
        quantity > plantLimits.maxQuantity)
        ? `A whole number from ${plantLimits.minQuantity} to ${plantLimits.maxQuantity}.`
        : null,
  };
}

/** The plant as the API takes it. */
export function plantInput(values: PlantFormValues) {
  const trimmedOrNull = (value: string) => value.trim() || null;
  return {
    name: values.name.trim(),
    species: trimmedOrNull(values.species),
    available: values.available,
    quantity: values.quantity === '' ? null : Number(values.quantity),
    swap_terms: trimmedOrNull(values.swap_terms),
  };
}

/** Name, species, availability, quantity, swap terms, and who may see the listing. */
export function PlantFields({
  form,
  privacy,
  onPrivacyChange,
  disabled,
}: {
  form: FormController<PlantFormValues>;
  privacy: PostPrivacy;
  onPrivacyChange: (privacy: PostPrivacy) => void;
  disabled?: boolean;
}) {
  return (
    <Stack gap="sm">
      <TextInput
        label="Plant name"
        placeholder="e.g. Monstera cutting"
        required
        maxLength={plantLimits.name}
        disabled={disabled}
        {...form.getInputProps('name')}
      />
      <TextInput
        label="Species"
        description="Optional: the botanical name, if you know it"
        placeholder="e.g. Monstera deliciosa"
        maxLength={plantLimits.species}
        disabled={disabled}
        {...form.getInputProps('species')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput
          label="Quantity"
          description="Optional: how many you have"
          min={plantLimits.minQuantity}
          max={plantLimits.maxQuantity}
          allowDecimal={false}
          disabled={disabled}
          {...form.getInputProps('quantity')}
        />
        <TextInput
          label="Swap terms"
          description="Optional: what you would like in return"
          placeholder="e.g. Swap for a fern"
          maxLength={plantLimits.swapTerms}
          disabled={disabled}
          {...form.getInputProps('swap_terms')}
        />
      </SimpleGrid>
      <Switch
        label="Available"
        description="Others can ask for it. Turn this off once it has found a new home."
        disabled={disabled}
        {...form.getCheckboxProps('available')}
      />
      <div>
        <Text size="sm" fw={500} mb={4}>
          Who can see this listing
        </Text>
        <PrivacyPicker value={privacy} onChange={onPrivacyChange} disabled={disabled} />
      </div>
    </Stack>
  );
}
