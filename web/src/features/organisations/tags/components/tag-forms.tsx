import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { applyServerErrors } from '@/lib/errors/form-errors';
import { notify } from '@/lib/notify';
import { tagCategoryLabel, validateTagName, type TagCategory } from '../tag-rules';

/** A new tag: name and category. Resolves when created; rejections land on the fields. */
export function CreateTagForm({
  categories,
  onCreate,
}: {
  categories: TagCategory[];
  onCreate: (values: { name: string; category: TagCategory }) => Promise<unknown>;
}) {
  const form = useForm<{ name: string; category: TagCategory }>({
    mode: 'uncontrolled',
    initialValues: { name: '', category: categories[0] ?? 'job_title' },
    validate: { name: validateTagName },
  });
  return (
    <form
      noValidate
      aria-label="Create tag"
      onSubmit={form.onSubmit(async (v) => {
        try {
          await onCreate({ name: v.name.trim(), category: v.category });
          form.reset();
        } catch (err) {
          notify(applyServerErrors(form, err));
        }
      })}
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <Select
          label="Category"
          data={categories.map((c) => ({ value: c, label: tagCategoryLabel(c) }))}
          allowDeselect={false}
          w={{ base: '100%', xs: 160 }}
          key={form.key('category')}
          {...form.getInputProps('category')}
        />
        <TextInput
          label="Tag name"
          required
          w={{ base: '100%', xs: 260 }}
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Button type="submit" mt={{ base: 0, xs: 25 }} loading={form.submitting}>
          Create tag
        </Button>
      </Group>
    </form>
  );
}

/** Renames a tag in a dialog. */
export function RenameTagDialog({
  tag,
  onClose,
  onRename,
}: {
  tag: { id: number; name: string } | null;
  onClose: () => void;
  onRename: (name: string) => Promise<unknown>;
}) {
  return (
    <Modal opened={!!tag} onClose={onClose} title="Rename tag">
      {tag && <RenameForm key={tag.id} name={tag.name} onClose={onClose} onRename={onRename} />}
    </Modal>
  );
}

function RenameForm({
  name,
  onClose,
  onRename,
}: {
  name: string;
  onClose: () => void;
  onRename: (name: string) => Promise<unknown>;
}) {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name },
    validate: { name: validateTagName },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async (v) => {
        try {
          await onRename(v.name.trim());
          onClose();
        } catch (err) {
          notify(applyServerErrors(form, err));
        }
      })}
    >
      <Stack gap="sm">
        <TextInput
          label="Tag name"
          required
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Rename
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
