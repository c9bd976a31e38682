/* fuzz-model-file.c: libFuzzer target for the model-file reader and writer. Any input must
 * either load or fail with an error; what loads must save, load again to the same text, and
 * be prepared (causality, wiring) without crashing. Built and run by tools/fuzz.sh.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-kernel.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (HycoModel) again = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *resaved = NULL;

  hyco_init ();
  model = hyco_model_new_from_data ((const char *) data, (gssize) size, "fuzz.xml", &error);
  if (model == NULL)
    {
      g_assert (error != NULL && error->domain == HYCO_MODEL_FILE_ERROR);
      g_assert (g_str_has_prefix (error->message, "fuzz.xml"));
      return 0;
    }
  saved = hyco_model_save_to_data (model);
  again = hyco_model_new_from_data (saved, -1, "saved.xml", &error);
  if (again == NULL)
    g_error ("a saved model does not load: %s\n%s", error->message, saved);
  resaved = hyco_model_save_to_data (again);
  g_assert_cmpstr (saved, ==, resaved);
  if (!hyco_model_prepare (model, &error))
    g_assert (error != NULL);
  return 0;
}
