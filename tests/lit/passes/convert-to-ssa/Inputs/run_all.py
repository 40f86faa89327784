# Helper of all_programs.test: runs convert-to-ssa (twice) over every program.
import glob, os, subprocess, sys

ptoc, tmp, dirs = sys.argv[1], sys.argv[2], sys.argv[3:]
count = 0
for d in dirs:
    for f in sorted(glob.glob(os.path.join(d, "*.py"))):
        with open(f) as fh:
            if "import pypto.language" not in fh.read():
                continue  # helper scripts of the corpus
        out1 = os.path.join(tmp, os.path.basename(f))
        out2 = out1 + ".again.py"
        for args, dst in (([f], out1), ([out1], out2)):
            r = subprocess.run([ptoc, "opt", *args, "--passes=convert-to-ssa", "--verify-each"],
                               capture_output=True, text=True)
            if r.returncode != 0:
                print(f"FAIL {f}: {r.stderr}")
                break
            with open(dst, "w") as fh:
                fh.write(r.stdout)
        else:
            r = subprocess.run([ptoc, "equal", out1, out2], capture_output=True, text=True)
            if r.returncode != 0:
                print(f"FAIL {f}: second run changed the program: {r.stdout}")
        count += 1
print(f"converted {count} programs")
