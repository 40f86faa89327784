# lit configuration for ptoc's text-in/text-out tests.
import os
import lit.formats

config.name = "ptoc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".py", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.join(config.ptoc_src_root, "tests", "lit")
config.test_exec_root = os.path.join(config.ptoc_bin_dir, "tests", "lit")

llvm_bin = os.path.dirname(config.filecheck)
config.environment["PATH"] = os.pathsep.join(
    [config.ptoc_tools_dir, llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))])
# Every ptoc command of every test runs with --verify-roundtrip: after each pass (and
# for `fmt` / the input of `opt` and `check`) the printed IR must parse back to a
# structurally equal program. PTOC_VERIFY_ROUNDTRIP=0 in lit's environment turns it off.
config.environment["PTOC_VERIFY_ROUNDTRIP"] = os.environ.get("PTOC_VERIFY_ROUNDTRIP", "1")
config.substitutions.append(("%ptoc", os.path.join(config.ptoc_tools_dir, "ptoc")))
config.substitutions.append(("%examples", os.path.join(config.ptoc_src_root, "examples")))
config.substitutions.append(("%corpus", os.path.join(config.ptoc_src_root, "tests", "corpus")))
config.substitutions.append(("%python", "python3"))

# PTOC_LIT_LEAN=1 (the sanitizer run of .ci/run) leaves out the campaigns: the mutation
# runs, the all-diagnostics sweep and the tests that loop over hundreds of generated or
# corpus programs, which take minutes each under AddressSanitizer (the release run of
# .ci/run runs them all).
# The browser test of the cycle-model report needs Chromium (skipped without it).
import shutil
if shutil.which("chromium"):
    config.available_features.add("chromium")

if os.environ.get("PTOC_LIT_LEAN") == "1":
    config.excludes += ["report_browser.test", "pipeline_mutations.test", "compile_mutations.test",
                        "mutations.test", "hints_everywhere.test", "gen_mixed_sample.test",
                        "corpus.test", "all_programs.test", "random_campaign.test",
                        "random_regions.test", "lower_auto_vector_split_inputs.test",
                        "compile_all.test", "large_programs.test"]
