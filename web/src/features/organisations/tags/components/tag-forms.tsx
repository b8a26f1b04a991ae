import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { FormTextInput } from '@/ui/form-fields';
import { useForm } from '@mantine/form';
import { toasts } from '@/lib/errors/catalogue';
import { notify, refusedSubmit, withServerErrors } from '@/lib/notify';
import { FormActions } from '@/ui/form-actions';
import type { Tag } from '../api/get-tags';
import { useRenameTag } from '../api/rename-tag';
import { tagCategoryLabel, validateTagName, type TagCategory } from '../rules';

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
      onSubmit={form.onSubmit(
        withServerErrors(form, async (v: { name: string; category: TagCategory }) => {
          await onCreate({ name: v.name.trim(), category: v.category });
          form.reset();
        }),
        refusedSubmit,
      )}
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
        <FormTextInput
          form={form}
          name="name"
          label="Tag name"
          required
          w={{ base: '100%', xs: 260 }}
        />
        <Button type="submit" mt={{ base: 0, xs: 25 }} loading={form.submitting}>
          Create tag
        </Button>
      </Group>
    </form>
  );
}

/** Renames a tag in a dialog (open while `tag` is set); a rename says so. */
export function RenameTagDialog({
  tag,
  onClose,
}: {
  tag: Pick<Tag, 'id' | 'name' | 'version'> | null;
  onClose: () => void;
}) {
  const rename = useRenameTag();
  const onRename = async (name: string) => {
    if (!tag) return;
    await rename.mutateAsync({ tag, name });
    notify(toasts.tagRenamed);
  };
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
      onSubmit={form.onSubmit(
        withServerErrors(form, async (v: { name: string }) => {
          await onRename(v.name.trim());
          onClose();
        }),
        refusedSubmit,
      )}
    >
      <Stack gap="sm">
        <FormTextInput form={form} name="name" label="Tag name" required data-autofocus />
        <FormActions submitting={form.submitting} onCancel={onClose}>
          Rename
        </FormActions>
      </Stack>
    </form>
  );
}
